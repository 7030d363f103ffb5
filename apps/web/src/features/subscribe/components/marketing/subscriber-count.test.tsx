import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeServer, reply } from '../../../../test/fake-server.ts';
import { renderWithQueries } from './marketing-test-kit.tsx';
import { SubscriberCount } from './subscriber-count.tsx';

describe('subscriber count', () => {
  it("shows the brand's count with a plus and the spec's words", async () => {
    const server = installFakeServer({ '/api/pop-up/count': () => [{ count: 12_345 }] });
    renderWithQueries(<SubscriberCount publisher="DH" />);
    expect(await screen.findByText('12,345+')).toBeTruthy();
    expect(screen.getByText('Satisfied Subscribers And Counting')).toBeTruthy();
    expect(server.calls('/api/pop-up/count')[0]?.searchParams.get('publisher')).toBe('DH');
  });

  it('shows 0 when the count cannot be had', async () => {
    const server = installFakeServer({
      '/api/pop-up/count': () => reply(500, { status: 'ERROR', message: 'Internal error' }),
    });
    renderWithQueries(<SubscriberCount publisher="DH" />);
    expect(await screen.findByText('0+')).toBeTruthy();
    expect(screen.getByText('Satisfied Subscribers And Counting')).toBeTruthy();
    // No retry holds the figure back.
    expect(server.calls('/api/pop-up/count')).toHaveLength(1);
  });

  it('shows 0 for an empty answer', async () => {
    installFakeServer({ '/api/pop-up/count': () => [] });
    renderWithQueries(<SubscriberCount publisher="PV" />);
    expect(await screen.findByText('0+')).toBeTruthy();
  });
});
