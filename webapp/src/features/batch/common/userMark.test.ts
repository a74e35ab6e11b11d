import { describe, expect, it } from "vitest";
import { markedLogin } from "./userMark";

describe("markedLogin (spec 2 §6)", () => {
  it("marks an admin's login", () => expect(markedLogin("carla", true)).toBe("carla (ADMIN)"));
  it("leaves a user's login as it is", () => expect(markedLogin("anna", false)).toBe("anna"));
  it("marks nobody when there is no login", () => expect(markedLogin("", true)).toBe(""));
});
