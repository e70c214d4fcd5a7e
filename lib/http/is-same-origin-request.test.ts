import { describe, expect, it } from "vitest";
import { isSameOriginRequest, mediaType } from "./is-same-origin-request";

const url = "http://localhost:3000/api/edge-cases/decisions";
const check = (headers: Record<string, string>) => isSameOriginRequest(new Headers(headers), url);

describe("isSameOriginRequest", () => {
  it("accepts the app's own origin by Host, by X-Forwarded-Host behind a proxy, or by Sec-Fetch-Site without an Origin", () => {
    expect(check({ origin: "http://localhost:3000", host: "localhost:3000" })).toBe(true);
    expect(check({ origin: "https://goodhart.example.org", host: "10.0.0.5:3000", "x-forwarded-host": "goodhart.example.org, lb.internal" })).toBe(true);
    expect(check({ "sec-fetch-site": "same-origin" })).toBe(true);
  });

  it("refuses another port, another host, an opaque origin, a same-site page, and a request with neither header", () => {
    expect(check({ origin: "http://localhost:3001", host: "localhost:3000" })).toBe(false);
    expect(check({ origin: "https://evil.example", host: "localhost:3000" })).toBe(false);
    expect(check({ origin: "null", host: "localhost:3000" })).toBe(false);
    expect(check({ "sec-fetch-site": "same-site" })).toBe(false);
    expect(check({ origin: "not a url" })).toBe(false);
    expect(check({})).toBe(false);
  });
});

describe("mediaType", () => {
  it("drops parameters and case", () => {
    expect(mediaType("Application/JSON; charset=utf-8")).toBe("application/json");
    expect(mediaType(null)).toBe("");
  });
});
