import { Elysia, t } from "elysia";
import { OEmbed, OEmbedQuery } from "./model";
import { oembedOf } from "./service";

const Refusal = t.Object({ message: t.String() });

/** Stemma beyond the site: the oEmbed provider consumers discover from track pages (docs/embed.md). */
export const embedsModule = new Elysia({ name: "module.embeds", detail: { tags: ["Embeds"] } }).get(
  "/oembed",
  ({ query, request }) => oembedOf(query, new URL(request.url).origin),
  {
    query: OEmbedQuery,
    // 400: no url, or maxima that are not whole numbers; 404: no public track there; 501: a format other than json.
    response: { 200: OEmbed, 400: Refusal, 404: Refusal, 501: Refusal },
    detail: {
      summary: "oEmbed (oembed.com) for a public track's page: its embeddable iframe player, sized within the maxima",
    },
  },
);
