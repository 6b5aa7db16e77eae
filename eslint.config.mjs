// Lint: TypeScript-aware, and the layer boundaries of ../shared/design/architecture.md, which keep
// domain code free of transports so the API, pages and jobs can all call the same verbs.
import tseslint from "typescript-eslint";

const transports = ["next", "next/*", "react", "react/*", "react-dom", "react-dom/*"];
const libBoundary = {
  patterns: [
    { group: transports, message: "lib/ is below every transport: no Next.js or React here." },
    { group: ["**/app/**", "**/components/**"], message: "lib/ never imports pages or components." },
  ],
};

const noDatabase = {
  group: ["**/db/**", "**/db", "drizzle-orm", "drizzle-orm/*"],
  message: "Pages read through lib/ queries and write through verbs; never the database directly.",
};

/** A status compared with a bare number (db/schema/status.ts names them). */
const statusLiterals = [
  {
    selector: "BinaryExpression[operator=/^[!=]==?$/][right.type='Literal'][right.raw=/^\\d+$/]:matches([left.property.name='status'], [left.name='status'])",
    message: "Compare a status by its name (STATUS, INVOICE_STATUS), not a number.",
  },
  {
    selector: "CallExpression[callee.name=/^(eq|ne)$/][arguments.0.property.name='status'][arguments.1.type='Literal'][arguments.1.raw=/^\\d+$/]",
    message: "Compare a status by its name (STATUS, INVOICE_STATUS), not a number.",
  },
];

export default tseslint.config(
  { ignores: ["node_modules/", ".next/", ".data/", "next-env.d.ts", "db/migrations/"] },
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    extends: [...tseslint.configs.recommended],
    rules: {
      "no-debugger": "error",
      "no-dupe-keys": "error",
      "no-self-assign": "error",
      "no-unreachable": "error",
      eqeqeq: ["error", "smart"],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  // Tests, journeys and benchmarks read untyped API answers (JSON) freely.
  { files: ["tests/**", "e2e/**", "bench/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  {
    files: ["lib/**/*.ts"],
    // lib/actions is a transport beside lib/api: staff actions that are plain endpoints come from its table.
    ignores: ["lib/api/**", "lib/actions/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          ...libBoundary,
          patterns: [
            ...libBoundary.patterns,
            { group: ["**/api/*", "**/lib/api/**"], message: "Domain code never imports the HTTP layer (lib/api); the wire vocabulary is in lib/wire." },
          ],
        },
      ],
    },
  },
  { files: ["lib/api/**/*.ts", "lib/actions/**/*.ts"], rules: { "no-restricted-imports": ["error", libBoundary] } },
  {
    // The database layer stands under the domains: schema, connections, SQL helpers and tenancy, no domain rules.
    files: ["db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/lib/**", "**/lib"], message: "db/ imports nothing from lib/: domain rules live in lib/." }] },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [noDatabase] }] },
  },
  {
    // Shared components serve every route: a route's code (its server actions) is handed to them as props or context.
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            noDatabase,
            { group: ["@/app/**", "**/app/**"], message: "components/ never imports app/: take the route's action as a prop or from context." },
          ],
        },
      ],
    },
  },
  {
    // Statuses are named in one place (db/schema/status.ts: STATUS, INVOICE_STATUS); never a bare number.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...statusLiterals] },
  },
  {
    // Read rows and wire views are built once per row of every list: on Node 20 an object literal
    // that starts with a spread takes a slow path for each property after it (13 µs a product row,
    // most of Product/List's time in bench/api); spread shared parts last.
    files: ["lib/*/read.ts", "lib/*/view.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...statusLiterals,
        {
          selector: "ObjectExpression > SpreadElement:first-child:not(:last-child)",
          message: "Spread last in a row's object literal: a leading spread makes every property after it slow (Node 20).",
        },
      ],
    },
  },
);
