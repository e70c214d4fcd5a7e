// Stands in for the `server-only` marker package in tests, which run outside React's server build.
export {};
