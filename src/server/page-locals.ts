/**
 * What on-demand pages may use: the server's services, handed to Astro as `Astro.locals`, so the
 * Astro bundle never opens its own database or queue.
 */
export async function pageLocals(_request: Request): Promise<App.Locals> {
  return {};
}
