/**
 * What was typed into a server-rendered field before its island hydrated, for the island's first state: hydrating
 * a controlled input sets it to the state's value, which would wipe what the user typed. Empty on the server.
 */
export function typedBeforeHydration(id: string): string {
  if (typeof document === "undefined") return "";
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : "";
}
