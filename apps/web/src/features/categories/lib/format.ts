/** Categories write counts as the mail list does. */
export { formatCount, messages } from '../../mail';
