/**
 * Natural-language search (issue 14): the search box for the header of every signed-in page,
 * and the address of a search (the voice feature and links open /search?q=<request>).
 */
export { SearchBox } from './components/SearchBox';
export { searchPath } from './lib/url';
