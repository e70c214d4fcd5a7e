/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // forbidden() renders app/forbidden.tsx with status 403 when a role is too low.
  experimental: { authInterrupts: true },
};

export default nextConfig;
