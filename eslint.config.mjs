// Lint with type information over the product's sources (src/): the rules that catch promises
// nobody awaits or that land where a callback expects void, switches that miss a case of a union,
// and the type-checked recommended set. Tests are held by the type checker and their own runs.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test/**', 'bench/**', 'scripts/**', '*.config.*'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A `default:` that handles the rest on purpose counts; a switch without one must name every case.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Ports are Promise-returning interfaces: an adapter with nothing to wait for still implements one.
      '@typescript-eslint/require-await': 'off',
      // A leading underscore marks what a signature must name but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
