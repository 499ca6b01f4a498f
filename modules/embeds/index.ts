import { Elysia, t } from "elysia";
import { OEmbed, OEmbedQuery } from "./model";
import { oembedOf, previewImage } from "./service";

const Refusal = t.Object({ message: t.String() });

/** Previews change with the track (a new address per version is not possible: pages name this one), so kept an hour. */
const PREVIEW_CACHE = "public, max-age=3600";

/**
 * Stemma beyond the site (docs/embed.md): the oEmbed provider consumers discover from track pages, and the image
 * link previews show for tracks without cover art.
 */
export const embedsModule = new Elysia({ name: "module.embeds", detail: { tags: ["Embeds"] } })
  .get(
    "/track/:id/preview.png",
    async ({ params }) =>
      new Response(await previewImage(params.id), {
        headers: { "content-type": "image/png", "cache-control": PREVIEW_CACHE },
      }),
    {
      params: t.Object({ id: t.String() }),
      detail: {
        summary: "A public track's link-preview image (1200 × 630 PNG: its title and artist over its waveform)",
        responses: {
          200: { description: "The image", content: { "image/png": { schema: { type: "string", format: "binary" } } } },
          404: { description: "No public track with this id" },
          503: { description: "The image is still being made" },
        },
      },
    },
  )
  .get("/oembed", ({ query, request }) => oembedOf(query, new URL(request.url).origin), {
    query: OEmbedQuery,
    // 400: no url, or maxima that are not whole numbers; 404: no public track there; 501: a format other than json.
    response: { 200: OEmbed, 400: Refusal, 404: Refusal, 501: Refusal },
    detail: {
      summary: "oEmbed (oembed.com) for a public track's page: its embeddable iframe player, sized within the maxima",
    },
  });
