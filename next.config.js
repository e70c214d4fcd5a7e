/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() renders app/forbidden.tsx with status 403 when a role is too low.
  experimental: { authInterrupts: true },
  // OTLP protobuf decoding: protobufjs-generated CommonJS loaded at run time from node_modules, not bundled.
  serverExternalPackages: ["@opentelemetry/otlp-transformer", "protobufjs"],
};

export default nextConfig;
