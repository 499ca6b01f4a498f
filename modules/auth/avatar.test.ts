/**
 * The avatar (Settings › Profile): PUT /api/auth/me/avatar takes one JPEG, PNG or WebP image, checked like cover art
 * (hostile images refused with a 400 and nothing kept), stored as square WebP renditions that anyone may fetch from
 * GET /api/auth/users/{id}/avatar; a new one replaces the old; DELETE removes it. Only one's own avatar changes.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import sharp from "sharp";
import { call, type Session, signUp } from "../../tests/support/api";
import { setUpServer } from "../../tests/support/lifecycle";
import { storedKeys } from "../../tests/support/stored-files";
import { corpusPath } from "../../tests/support/uploads";
import { AVATAR_SIDES } from "./avatar";
import type { Profile } from "./model";

const live = setUpServer();
let user: Session;
let other: Session;

beforeAll(async () => {
  await signUp(live.server); // the admin
  user = await signUp(live.server);
  other = await signUp(live.server);
});

/** PUT /api/auth/me/avatar with `image` (a corpus file, or bytes) as the `avatar` part. */
async function putAvatar(token: string, image: string | Blob, part = "avatar") {
  const form = new FormData();
  form.set(part, typeof image === "string" ? Bun.file(corpusPath(image)) : image, "portrait.png");
  return call<Profile & { message?: string }>(live.server, "PUT", "/auth/me/avatar", { token, body: form });
}
const avatarOf = (id: string, query = "", headers: Record<string, string> = {}) =>
  fetch(`${live.server.url}/api/auth/users/${id}/avatar${query}`, { headers });
const me = async (token: string) => (await call<Profile>(live.server, "GET", "/auth/me", { token })).body;
const dimensions = async (response: Response) => {
  const { width, height, format } = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
  return { width, height, format };
};

describe("avatar", () => {
  test("a photo becomes square WebP renditions anyone may fetch; the profile names its address", async () => {
    const saved = await putAvatar(user.token, "images/matplotlib-grace_hopper.jpg");
    expect(saved.status).toBe(200);
    const url = `/api/auth/users/${user.user.id}/avatar`;
    expect(saved.body.avatarUrl).toBe(url);
    expect((await me(user.token)).avatarUrl).toBe(url);

    const small = await avatarOf(user.user.id);
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect(small.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await dimensions(small)).toEqual({ width: AVATAR_SIDES.small, height: AVATAR_SIDES.small, format: "webp" });
    // The source is 512 × 600: the large square is its shorter side, never enlarged.
    expect(await dimensions(await avatarOf(user.user.id, "?size=large"))).toEqual({ width: 400, height: 400, format: "webp" });

    const etag = (await avatarOf(user.user.id)).headers.get("etag") as string;
    expect((await avatarOf(user.user.id, "", { "if-none-match": etag })).status).toBe(304);
    expect((await avatarOf(user.user.id, "?size=huge")).status).toBe(400);
  });

  test("a new avatar replaces the old at the same address (its ETag changes); removing it leaves none", async () => {
    const owner = await signUp(live.server);
    await putAvatar(owner.token, "images/matplotlib-Minduka_Present_Blue_Pack.png");
    const first = (await avatarOf(owner.user.id)).headers.get("etag");
    await putAvatar(owner.token, "images/generated-large-cover-3000x3000.jpg");
    const second = await avatarOf(owner.user.id);
    expect(second.status).toBe(200);
    expect(second.headers.get("etag")).not.toBe(first);
    await putAvatar(owner.token, "images/matplotlib-Minduka_Present_Blue_Pack.png");
    expect((await avatarOf(owner.user.id)).status).toBe(200);
    // One set of renditions is stored, however many came before.
    expect((await storedKeys(live.server, `avatars/${owner.user.id}/`)).length).toBe(2);

    const removed = await call<Profile>(live.server, "DELETE", "/auth/me/avatar", { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.avatarUrl).toBeNull();
    expect((await avatarOf(owner.user.id)).status).toBe(404);
    expect((await avatarOf(owner.user.id, "?size=large")).status).toBe(404);
    expect(await storedKeys(live.server, `avatars/${owner.user.id}/`)).toEqual([]);
  });

  test("hostile and wrong files are a 400 with the cover art's words, and the avatar stays as it was", async () => {
    const owner = await signUp(live.server);
    await putAvatar(owner.token, "images/matplotlib-Minduka_Present_Blue_Pack.png");
    const kept = (await avatarOf(owner.user.id)).headers.get("etag");
    for (const [image, message] of [
      ["bad/pixel-flood-100000x100000.png", "Avatar image dimensions are too large"],
      ["bad/truncated-cover.jpg", "Avatar image could not be read"],
      ["bad/svg-script-as.png", "Avatar must be a JPEG, PNG or WebP image"],
      ["bad/CON.wav", "Avatar must be a JPEG, PNG or WebP image"],
    ]) {
      const refused = await putAvatar(owner.token, image as string);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(message as string);
    }
    expect((await avatarOf(owner.user.id)).headers.get("etag")).toBe(kept);
  });

  test("no image, another part, two images, or an image over 10 MB is refused", async () => {
    const noImage = await call<{ message: string }>(live.server, "PUT", "/auth/me/avatar", {
      token: other.token,
      body: new FormData(),
    });
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe("Choose an image for your avatar");
    expect((await putAvatar(other.token, "images/matplotlib-Minduka_Present_Blue_Pack.png", "coverArt")).status).toBe(400);
    const two = new FormData();
    two.append("avatar", Bun.file(corpusPath("images/matplotlib-Minduka_Present_Blue_Pack.png")));
    two.append("avatar", Bun.file(corpusPath("images/matplotlib-Minduka_Present_Blue_Pack.png")));
    const twice = await call<{ message: string }>(live.server, "PUT", "/auth/me/avatar", { token: other.token, body: two });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("Send one avatar image");
    const huge = await putAvatar(other.token, new Blob([new Uint8Array(11 * 1024 * 1024)]));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The upload is larger than the 10.0 MB limit");
    expect((await me(other.token)).avatarUrl).toBeNull();
  });

  test("without a session nothing changes: 401", async () => {
    const form = new FormData();
    form.set("avatar", Bun.file(corpusPath("images/matplotlib-Minduka_Present_Blue_Pack.png")));
    expect((await fetch(`${live.server.url}/api/auth/me/avatar`, { method: "PUT", body: form })).status).toBe(401);
    expect((await fetch(`${live.server.url}/api/auth/me/avatar`, { method: "DELETE" })).status).toBe(401);
    expect((await avatarOf(other.user.id)).status).toBe(404);
  });
});
