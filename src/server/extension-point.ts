/**
 * Something a module needs but a module built on top of it provides. The higher module already
 * imports the lower one (routes mount the lower one's guard or read its rows), so the lower one may
 * not import it back: module cycles fail tests/architecture. The higher module provides the value
 * when its plugin file (index.ts) loads, before the server answers anything; a value nobody
 * provided is a wiring bug and throws instead of quietly acting as if the feature were off.
 */
export function extensionPoint<T>(name: string) {
  let provided: T | undefined;
  return {
    provide(value: T): void {
      provided = value;
    },
    get(): T {
      if (provided === undefined) throw new Error(`${name} was never provided: mount the module that provides it`);
      return provided;
    },
  };
}
