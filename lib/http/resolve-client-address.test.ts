import { describe, expect, it } from "vitest";
import { resolveClientAddress } from "./resolve-client-address";

describe("resolveClientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted: rotating it changes nothing", () => {
    for (const forged of ["1.2.3.4", "5.6.7.8, 9.9.9.9", "", "not an address"]) {
      expect(resolveClientAddress({ socketAddress: "203.0.113.7", forwardedFor: forged, trustedProxies: [] })).toBe("203.0.113.7");
    }
    expect(resolveClientAddress({ socketAddress: "::ffff:203.0.113.7", forwardedFor: "1.2.3.4", trustedProxies: [] })).toBe("203.0.113.7");
  });

  it("believes the hop a trusted proxy appended, and no hop before it", () => {
    const trustedProxies = ["10.0.0.2"];
    // The client forged "1.1.1.1"; the proxy appended the address it saw, 198.51.100.9.
    expect(resolveClientAddress({ socketAddress: "10.0.0.2", forwardedFor: "1.1.1.1, 198.51.100.9", trustedProxies })).toBe("198.51.100.9");
    expect(resolveClientAddress({ socketAddress: "::ffff:10.0.0.2", forwardedFor: ["198.51.100.9"], trustedProxies })).toBe("198.51.100.9");
    // A request that reaches the app directly, not through the proxy, is its socket.
    expect(resolveClientAddress({ socketAddress: "198.51.100.50", forwardedFor: "1.1.1.1", trustedProxies })).toBe("198.51.100.50");
  });

  it("walks a chain of trusted proxies; a garbage hop stops at the last trusted one", () => {
    const trustedProxies = ["10.0.0.2", "10.0.0.3"];
    expect(resolveClientAddress({ socketAddress: "10.0.0.2", forwardedFor: "7.7.7.7, 198.51.100.9, 10.0.0.3", trustedProxies })).toBe("198.51.100.9");
    expect(resolveClientAddress({ socketAddress: "10.0.0.2", forwardedFor: "x'; DROP", trustedProxies })).toBe("10.0.0.2");
    expect(resolveClientAddress({ socketAddress: undefined, forwardedFor: "1.2.3.4", trustedProxies })).toBe("unknown");
  });
});
