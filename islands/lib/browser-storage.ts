type Area = "local" | "session";

/** What this page kept when the browser refused its storage. */
const memory = new Map<string, string>();
const areaOf = (area: Area): Storage => (area === "local" ? localStorage : sessionStorage);

/**
 * Local or session storage, or this page's memory when the browser refuses them: a third-party frame (the embed
 * player on another site) may not touch storage when third-party cookies are blocked, and reading it then throws.
 */
export function readStored(area: Area, key: string): string | null {
  try {
    return areaOf(area).getItem(key);
  } catch {
    return memory.get(`${area}:${key}`) ?? null;
  }
}

export function writeStored(area: Area, key: string, value: string): void {
  try {
    areaOf(area).setItem(key, value);
  } catch {
    memory.set(`${area}:${key}`, value);
  }
}
