import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const libImportBans = [
  { group: ["@/app/*", "@/components/*", "**/app/*", "**/components/*", "**/workers/*"], message: "lib/ must not import from app/, components/ or workers/" },
  { group: ["next", "next/*", "next-auth", "next-auth/*", "react", "react-dom"], message: "framework code belongs in lib/next/, app/ or components/" },
];

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", "lib/db/generated/", "data/", "test-results/", "playwright-report/", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-definitions": ["error", "type"],
    },
  },
  {
    // lib/ is the product and knows nothing of the web app, the UI or the worker process.
    files: ["lib/**/*.ts"],
    ignores: ["lib/next/**"],
    rules: { "no-restricted-imports": ["error", { patterns: libImportBans }] },
  },
  {
    // The lab is a client of the core, never the reverse (issue 11): no product code in lib/ outside
    // lib/lab imports it. Tests are excluded because the lab is the one source of rollouts whose true
    // outcome is known, and integration tests use it to make their data; they test the core's code,
    // which still cannot reach the lab. (A later block replaces the rule's options, so lib/'s bans repeat.)
    // Only the entry points (workers/, scripts/, app/ and the lab's own UI pieces) wire the lab in.
    files: ["lib/**/*.ts"],
    ignores: ["lib/lab/**", "lib/testing/**", "lib/next/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [...libImportBans, { group: ["**/lab/*", "@/lib/lab/*"], message: "the core must not import lib/lab: the lab is a client of the core" }] }],
    },
  },
  {
    // Client components must not pull server-only modules (the database, secrets) into the browser bundle.
    files: ["components/**/*.tsx", "components/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/lib/db/*", "@/lib/next/auth", "@/lib/next/with-auth", "@/lib/setup/*"], message: "server-only module in a client component" }] },
      ],
    },
  },
);
