/**
 * The path and query string of a request's absolute URL, without building a URL object (hot paths:
 * every /api request and every kept list answer).
 */
export function pathAndQuery(url: string): { path: string; query: string } {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const mark = url.indexOf("?", start);
  return mark < 0 ? { path: url.slice(start), query: "" } : { path: url.slice(start, mark), query: url.slice(mark) };
}
