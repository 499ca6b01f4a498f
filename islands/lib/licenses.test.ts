import { expect, test } from "bun:test";
import { creativeCommonsUrl, licenseLabel } from "./licenses";

test("Creative Commons links go to licenses/{type}/4.0", () => {
  expect(creativeCommonsUrl("CC_BY_NC_SA")).toBe("https://creativecommons.org/licenses/by-nc-sa/4.0/");
  expect(creativeCommonsUrl("CC_BY")).toBe("https://creativecommons.org/licenses/by/4.0/");
  expect(creativeCommonsUrl("ALL_RIGHTS_RESERVED")).toBeNull();
  expect(creativeCommonsUrl(null)).toBeNull();
});

test("pickers tell the licences apart, though the API names every CC licence 'Creative Commons'", () => {
  const label = (type: string) =>
    licenseLabel({ type, name: type === "ALL_RIGHTS_RESERVED" ? "All Rights Reserved" : "Creative Commons" });
  expect(label("ALL_RIGHTS_RESERVED")).toBe("All Rights Reserved");
  expect(label("CC_BY")).toBe("Creative Commons Attribution (CC BY 4.0)");
  expect(label("CC_BY_SA")).toBe("Creative Commons Attribution-ShareAlike (CC BY-SA 4.0)");
  expect(label("CC_BY_NC")).toBe("Creative Commons Attribution-NonCommercial (CC BY-NC 4.0)");
  expect(label("CC_BY_NC_SA")).toBe("Creative Commons Attribution-NonCommercial-ShareAlike (CC BY-NC-SA 4.0)");
  // A type this build does not know keeps the server's name.
  expect(licenseLabel({ type: "CC0", name: "Public Domain" })).toBe("Public Domain");
});
