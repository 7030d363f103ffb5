// What fills the reader between header and footer: a loading line, the missing-
// edition notice, an error with a retry, or the page itself.
import { MESSAGES } from '@folio/core';
import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import { ScreenStatus } from '../../../shared/ui/screen-status.tsx';
import { PageView, type PageViewProps } from './page-view.tsx';

export type StageState =
  | { kind: 'loading-editions' }
  | { kind: 'loading-page' }
  | { kind: 'failed'; retry: () => void }
  | { kind: 'missing'; notice: ReactNode }
  | ({ kind: 'page' } & PageViewProps);

export function ReaderStage({ state }: { state: StageState }) {
  switch (state.kind) {
    case 'loading-editions':
      return <ScreenStatus>{MESSAGES.loadingEditions}</ScreenStatus>;
    case 'loading-page':
      return <ScreenStatus>Loading page...</ScreenStatus>;
    case 'failed':
      return (
        <ScreenStatus tone="problem" actions={<Button onClick={state.retry}>Try again</Button>}>
          {MESSAGES.genericError}
        </ScreenStatus>
      );
    case 'missing':
      return state.notice;
    case 'page': {
      const { kind: _kind, ...view } = state;
      return <PageView key={`${view.preview} ${view.src}`} {...view} />;
    }
  }
}
