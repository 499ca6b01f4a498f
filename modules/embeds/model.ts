import { t } from "elysia";

const size = (name: string) =>
  t.Optional(t.String({ pattern: "^[0-9]{1,5}$", error: `${name} must be a whole number of pixels` }));

/** oembed.com §2.2's request: the page `url` (a track page or its embed), the reply format and the maxima. */
export const OEmbedQuery = t.Object({
  url: t.String({ minLength: 1, maxLength: 2048, error: "url must be the address of a track page" }),
  format: t.Optional(t.String({ maxLength: 16, error: "format must be json" })),
  maxwidth: size("maxwidth"),
  maxheight: size("maxheight"),
});

/** oembed.com §2.3's reply for a `video` (an iframe player): what a blog or chat app shows for a track link. */
export const OEmbed = t.Object({
  version: t.Literal("1.0"),
  type: t.Literal("video"),
  title: t.String(),
  author_name: t.String(),
  author_url: t.String(),
  provider_name: t.String(),
  provider_url: t.String(),
  cache_age: t.Number(),
  html: t.String(),
  width: t.Number(),
  height: t.Number(),
  thumbnail_url: t.String(),
  thumbnail_width: t.Number(),
  thumbnail_height: t.Number(),
});
export type OEmbed = typeof OEmbed.static;
