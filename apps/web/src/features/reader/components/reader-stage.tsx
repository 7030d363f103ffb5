// What fills the reader between header and footer: a loading line, the missing-
// edition notice, an error with a retry, or the page itself.
import { MESSAGES } from '@folio/core';
import { Suspense, lazy } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { ScreenStatus } from '../../../shared/ui/screen-status.tsx';
import type { NoEditionProps } from './no-edition.tsx';
import { PageView, type PageViewProps } from './page-view.tsx';

// Loaded when a date turns out to have no edition, like the locked page: most
// visits open a page, and the reader's first load stays inside its budget.
const NoEdition = lazy(() => import('./no-edition.tsx').then((m) => ({ default: m.NoEdition })));

const LOADING_PAGE = <ScreenStatus>Loading page...</ScreenStatus>;

export type StageState =
  | { kind: 'loading-editions' }
  | { kind: 'loading-page' }
  | { kind: 'failed'; retry: () => void }
  | ({ kind: 'missing' } & NoEditionProps)
  | ({ kind: 'page' } & PageViewProps);

export function ReaderStage({ state }: { state: StageState }) {
  switch (state.kind) {
    case 'loading-editions':
      return <ScreenStatus>{MESSAGES.loadingEditions}</ScreenStatus>;
    case 'loading-page':
      return LOADING_PAGE;
    case 'failed':
      return (
        <ScreenStatus tone="problem" actions={<Button onClick={state.retry}>Try again</Button>}>
          {MESSAGES.genericError}
        </ScreenStatus>
      );
    case 'missing': {
      const { kind: _kind, ...notice } = state;
      return (
        <Suspense fallback={LOADING_PAGE}>
          <NoEdition {...notice} />
        </Suspense>
      );
    }
    case 'page': {
      const { kind: _kind, ...view } = state;
      return <PageView key={`${view.preview} ${view.src}`} {...view} />;
    }
  }
}
