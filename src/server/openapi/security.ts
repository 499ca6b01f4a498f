/**
 * The security requirements the document declares (src/server/openapi/document.ts adds the schemes). The auth
 * guard's macros put them on their routes, so a route that demands a session is documented as one by that alone.
 */
export const BEARER = "bearerAuth";
export const MEDIA_TOKEN = "mediaToken";

/** One way to be let in: each named scheme, with the roles it must carry (none for any user). */
type Requirement = Record<string, string[]>;

/** A session token in `Authorization: Bearer …` (POST /api/auth/login or /signup answers one). */
export const sessionRequired: Requirement[] = [{ [BEARER]: [] }];
/** A session token of an ADMIN: OpenAPI 3.1 lets a bearer requirement name the role it needs. */
export const adminRequired: Requirement[] = [{ [BEARER]: ["ADMIN"] }];
/** A download: the session token, or a media token in `?token=` (POST /api/media/presign) for a plain link. */
export const sessionOrMediaToken: Requirement[] = [{ [BEARER]: [] }, { [MEDIA_TOKEN]: [] }];
