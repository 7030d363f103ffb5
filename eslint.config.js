// Lint rules that encode DESIGN.md's conventions: no `any`, no focused tests,
// no barrel `export *`, and no feature importing another feature.
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featureOf = (file) => {
  const m = file
    .split(path.sep)
    .join('/')
    .match(/apps\/web\/src\/features\/([^/]+)\//);
  return m ? m[1] : null;
};

const folio = {
  rules: {
    'no-cross-feature-imports': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        const own = featureOf(file);
        if (!own) return {};
        return {
          ImportDeclaration(node) {
            const src = node.source.value;
            if (typeof src !== 'string' || !src.startsWith('.')) return;
            const target = featureOf(path.resolve(path.dirname(file), src) + '/');
            if (target && target !== own) {
              context.report({
                node,
                message: `Feature "${own}" must not import feature "${target}"; move shared code to src/shared.`,
              });
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.data-*/**',
      'test-results/**',
      '**/.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { folio },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'folio/no-cross-feature-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration',
          message: 'No barrel `export *`; export names explicitly.',
        },
        {
          selector:
            "CallExpression[callee.type='MemberExpression'][callee.property.name='only'][callee.object.name=/^(it|test|describe)$/]",
          message: 'No focused tests (.only).',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
