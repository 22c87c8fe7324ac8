/** What others may use of API tokens: creating one (the `mailroom token create` CLI command). */
export { createApiToken } from './repository.ts';
