// /desk draws what the server allowed: a sign-in link for a visitor, the refusal
// for a reader, the authenticator for staff who have not given it, then only the
// tabs the role opens; a wrong code is said, and a right one opens the console.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DESK_MESSAGES, type DeskMe } from '@folio/core/desk';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const editor: DeskMe = {
  id: 'u1',
  email: 'night@paper.in',
  role: 'editor',
  secondFactor: 'done',
  capabilities: ['console', 'editions', 'audit'],
};

const board = {
  brand: 'dh',
  dates: ['2026-11-28', '2026-11-27'],
  editions: [{ number: 2, name: 'Bengaluru', group: 'Karnataka' }],
  cells: [
    {
      date: '2026-11-28',
      edition: 2,
      state: 'scheduled',
      pages: 12,
      expected: null,
      detail: '6 AM',
    },
    { date: '2026-11-27', edition: 2, state: 'live', pages: 12, expected: null, detail: null },
  ],
};

function serve(me: Handler, extra: Record<string, Handler> = {}) {
  return installFakeServer(
    siteRoutes({ '/api/desk/me': me, '/api/desk/board': () => board, ...extra }),
  );
}

describe('the desk', () => {
  it('sends a visitor to sign in and back', async () => {
    serve(() => reply(401, { status: 'ERROR', message: DESK_MESSAGES.signInRequired }));
    renderApp('/desk');
    expect(await screen.findByText(DESK_MESSAGES.signInRequired)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?redirectUrl=%2Fdesk',
    );
  });

  it('refuses a reader in the server’s words and shows no tab', async () => {
    const server = serve(() =>
      reply(403, { status: 'ERROR', message: DESK_MESSAGES.staffOnly, reason: 'STAFF_ONLY' }),
    );
    renderApp('/desk');
    expect(await screen.findByText(DESK_MESSAGES.staffOnly)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(server.calls('/api/desk/board')).toEqual([]);
  });

  it('takes the code of a staff member who set the app up, saying a wrong one', async () => {
    let given = false;
    const server = serve(() => ({ ...editor, secondFactor: given ? 'done' : 'verify' }), {
      '/api/desk/second-factor/verify': (_url, request) => {
        if ((request.body as { code: string }).code !== '123456')
          return reply(400, { status: 'ERROR', message: DESK_MESSAGES.secondFactorWrong });
        given = true;
        return { status: 'OK' };
      },
    });
    const user = userEvent.setup();
    renderApp('/desk');
    const field = await screen.findByLabelText('Code from your authenticator app');
    const open = screen.getByRole('button', { name: 'Open the desk' });
    await user.type(field, '12a34');
    expect((field as HTMLInputElement).value).toBe('1234');
    expect(open).toHaveProperty('disabled', true);
    await user.type(field, '99');
    await user.click(open);
    expect(await screen.findByText(DESK_MESSAGES.secondFactorWrong)).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('');
    await user.type(field, '123456{Enter}');
    expect(await screen.findByRole('tab', { name: 'Edition board' })).toBeTruthy();
    expect(
      server.sent.filter((r) => r.url.pathname.endsWith('/verify')).map((r) => r.body),
    ).toEqual([{ code: '123499' }, { code: '123456' }]);
  });

  it('shows a first-time staff member the QR code, the key and the recovery codes', async () => {
    serve(() => ({ ...editor, secondFactor: 'setup' }), {
      '/api/desk/second-factor/setup': () => ({
        totpURI:
          'otpauth://totp/DH%20desk:night%40paper.in?secret=JBSWY3DPEHPK3PXP&issuer=DH%20desk',
        backupCodes: ['aaaa-bbbb', 'cccc-dddd'],
      }),
    });
    const user = userEvent.setup();
    renderApp('/desk');
    await user.click(await screen.findByRole('button', { name: 'Show the QR code' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeTruthy();
    expect(screen.getByTestId('totp-key').textContent).toBe('JBSW Y3DP EHPK 3PXP');
    expect(screen.getByText('cccc-dddd')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish set-up' })).toBeTruthy();
  });

  it('opens only the tabs the role has, and the board says each state in words', async () => {
    serve(() => editor);
    renderApp('/desk');
    await screen.findByRole('tab', { name: 'Edition board' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Edition board',
      'Send pages',
      'Editions',
      'Holidays',
      'Audit log',
    ]);
    await waitFor(() => expect(screen.getByText('Scheduled · 12 pages · for 6 AM')).toBeTruthy());
    expect(screen.getByText('Live · 12 pages')).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toContain('night@paper.in · editor');
  });

  it('chooses the free edition among those readers can open, and the missing pages the gate allows', async () => {
    let catalogue = {
      brand: 'dh',
      defaultEdition: 2,
      freeEdition: 2,
      missingPageTolerance: 0,
      groups: [
        {
          id: 1,
          name: 'Karnataka',
          retired: false,
          editions: [
            { number: 2, name: 'Bengaluru', retired: false, pages: 12 },
            { number: 3, name: 'Mysuru', retired: false, pages: null },
            { number: 4, name: 'Hubballi', retired: true, pages: null },
          ],
        },
        {
          id: 5,
          name: 'Old',
          retired: true,
          editions: [{ number: 6, name: 'Gone', retired: false, pages: null }],
        },
      ],
    };
    const server = serve(() => editor, {
      '/api/desk/editions': () => catalogue,
      '/api/desk/brands/dh': (_url, request) => {
        catalogue = { ...catalogue, ...(request.body as object) };
        return catalogue;
      },
    });
    const user = userEvent.setup();
    renderApp('/desk?tab=editions');
    const free = await screen.findByRole('combobox', { name: /^Free edition/ });
    expect(Array.from((free as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Karnataka: Bengaluru',
      'Karnataka: Mysuru',
    ]);
    await user.selectOptions(free, '3');
    await waitFor(() => expect((free as HTMLSelectElement).value).toBe('3'));
    await user.selectOptions(screen.getByLabelText('Missing pages the release gate allows'), '2');
    await waitFor(() =>
      expect(
        (screen.getByLabelText('Missing pages the release gate allows') as HTMLSelectElement).value,
      ).toBe('2'),
    );
    expect(
      server.sent.filter((r) => r.method === 'PATCH').map((r) => [r.url.pathname, r.body]),
    ).toEqual([
      ['/api/desk/brands/dh', { freeEdition: 3 }],
      ['/api/desk/brands/dh', { missingPageTolerance: 2 }],
    ]);
  });

  it('renames an edition in place and retires one, showing the server’s refusal in its words', async () => {
    let catalogue = {
      brand: 'dh',
      defaultEdition: 2,
      freeEdition: 2,
      missingPageTolerance: 0,
      groups: [
        {
          id: 1,
          name: 'Karnataka',
          retired: false,
          editions: [
            { number: 2, name: 'Bengaluru', retired: false, pages: 12 },
            { number: 3, name: 'Mysuru', retired: false, pages: null },
          ],
        },
      ],
    };
    const server = serve(() => editor, {
      '/api/desk/editions': () => catalogue,
      '/api/desk/editions/dh/3': (_url, request) => {
        const change = request.body as { name?: string; retired?: boolean };
        const [group] = catalogue.groups;
        const edition = group?.editions[1];
        if (!group || !edition) throw new Error('no edition');
        catalogue = {
          ...catalogue,
          groups: [{ ...group, editions: [group.editions[0]!, { ...edition, ...change }] }],
        };
        return catalogue;
      },
      '/api/desk/editions/dh/2': () =>
        reply(409, { status: 'ERROR', message: DESK_MESSAGES.defaultEditionStays }),
    });
    const user = userEvent.setup();
    renderApp('/desk?tab=editions');
    await user.click(await screen.findByRole('button', { name: 'Rename edition Mysuru' }));
    const field = screen.getByLabelText('New name for edition Mysuru');
    await user.clear(field);
    await user.type(field, 'Mysore{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Retire edition Mysore' }));
    expect(await screen.findByRole('button', { name: 'Restore edition Mysore' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retire edition Bengaluru' }));
    expect(await screen.findByText(DESK_MESSAGES.defaultEditionStays)).toBeTruthy();
    expect(
      server.sent.filter((r) => r.method === 'PATCH').map((r) => [r.url.pathname, r.body]),
    ).toEqual([
      ['/api/desk/editions/dh/3', { name: 'Mysore' }],
      ['/api/desk/editions/dh/3', { retired: true }],
      ['/api/desk/editions/dh/2', { retired: true }],
    ]);
  });
});
