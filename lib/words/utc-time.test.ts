import { describe, expect, it } from "vitest";
import { utcTime } from "./utc-time";

describe("utcTime", () => {
  it("reads the same moment the same way from a Date or an ISO string, in UTC, zone named", () => {
    expect(utcTime(new Date("2026-12-06T10:14:59.693Z"))).toBe("2026-12-06 10:14 UTC");
    expect(utcTime("2026-12-06T11:14:59.693+01:00", { seconds: true })).toBe("2026-12-06 10:14:59 UTC");
  });
});
