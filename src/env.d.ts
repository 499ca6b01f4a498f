/// <reference types="astro/client" />

declare namespace App {
  // biome-ignore lint/suspicious/noEmptyInterface: filled as on-demand pages gain services
  interface Locals {}
}
