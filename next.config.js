/** Sent with every answer (pages, API, static files); the Content-Security-Policy is set per request in proxy.ts. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() renders app/forbidden.tsx with status 403 when a role is too low.
  experimental: { authInterrupts: true },
  // `npm run typecheck` checks the types (CI runs it before anything else); the build, which a first
  // `npm start` runs, does not check them again: half a minute of a first start on two cores.
  typescript: { ignoreBuildErrors: true },
  headers: async () => [
    { source: "/:path*", headers: securityHeaders },
    // API answers render nothing and frame nothing (lib/http/content-security-policy.ts: resourceContentSecurityPolicy);
    // set here, not in proxy.ts, which never sees /api (it would buffer and cut request bodies).
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
  ],
  // Loaded at run time from node_modules, not bundled: protobufjs-generated CommonJS (OTLP protobuf
  // decoding). pdf.js is not loaded here at all: lib/documents/pdf-text-process.mjs runs it in a child process.
  serverExternalPackages: ["@opentelemetry/otlp-transformer", "protobufjs"],
};

export default nextConfig;
