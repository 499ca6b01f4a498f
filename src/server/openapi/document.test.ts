import { expect, test } from "bun:test";
import { operationIdOf, publishedDocument, withoutCustomKeywords } from "./document";

test("TypeBox's own keywords leave the schemas, a property that happens to be named like one stays", () => {
  const schema = {
    type: "object",
    error: "Backup status is malformed",
    properties: {
      error: { type: ["string", "null"], nullable: true, error: "error must be text" },
      cover: { type: "string", format: "binary", default: "File" },
    },
    required: ["error"],
  };
  expect(withoutCustomKeywords(schema)).toEqual({
    type: "object",
    properties: { error: { type: ["string", "null"] }, cover: { type: "string", format: "binary" } },
    required: ["error"],
  });
});

test("an operationId is the method and the path's words, a parameter read as 'by'", () => {
  expect(operationIdOf("get", "/api/track/{id}/full.mp3")).toBe("getTrackByIdFullMp3");
  expect(operationIdOf("post", "/api/auth/request-early-access")).toBe("postAuthRequestEarlyAccess");
  expect(operationIdOf("delete", "/api/track/{id}/stem/{stemId}")).toBe("deleteTrackByIdStemByStemId");
});

test("a route gets the security and the refusals of its shape, and loses a trailing slash", () => {
  const document = publishedDocument({
    paths: {
      "/api/licenses/": { get: { responses: { "200": { description: "Response for status 200" } } } },
      "/api/things/{id}": {
        patch: {
          security: [{ bearerAuth: ["ADMIN"] }],
          requestBody: { content: {} },
          responses: { "200": { description: "The thing" }, "409": { description: "Response for status 409" } },
        },
      },
    },
  });
  const open = document.paths["/api/licenses"]?.get;
  expect(open?.security).toEqual([{}, { bearerAuth: [] }]);
  expect(Object.keys(open?.responses ?? {}).sort()).toEqual(["200", "413"]);
  expect(open?.responses?.["200"]?.description).toBe("OK");
  const admin = document.paths["/api/things/{id}"]?.patch;
  expect(Object.keys(admin?.responses ?? {}).sort()).toEqual(["200", "400", "401", "403", "404", "409", "413"]);
  expect(admin?.responses?.["409"]).toEqual({
    description: "Conflict with the state of the thing asked about",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
});
