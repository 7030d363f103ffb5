// Issue 25 part 6: a screen's toasts go when the reader leaves it (the code-sent
// notice must not follow the reader to the next screen), while a notice raised on
// the way announces the next screen and goes along.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { NOTICE_CARRY_MS, notify } from '../../shared/ui/toaster.tsx';

const toastOf = (text: string) => screen.getByText(text).closest<HTMLElement>('.Toastify__toast');
const shown = (text: string) => screen.findByText(text, {}, { timeout: 15_000 });

afterEach(() => vi.restoreAllMocks());

describe('toasts and screens', () => {
  it("dismiss the screen's own notices when the reader moves to another screen", async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/faqs');
    act(() => notify.info('Please check your phone for the OTP'));
    await shown('Please check your phone for the OTP');
    expect(toastOf('Please check your phone for the OTP')?.dataset.in).toBe('true');

    // Read for a while, then leave: the notice stays behind.
    const later = Date.now() + NOTICE_CARRY_MS + 500;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await act(() => router.navigate('/contact'));
    await waitFor(() =>
      expect(toastOf('Please check your phone for the OTP')?.dataset.in ?? 'false').toBe('false'),
    );
  });

  it('keep a notice raised on the way to the next screen, and any within the same screen', async () => {
    installFakeServer(siteRoutes());
    const { router } = renderApp('/faqs');
    await act(() => router.navigate('/faqs?open=1'));
    act(() => notify.success('Email updated successfully'));
    await shown('Email updated successfully');
    // Same screen, another query: nothing goes.
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + NOTICE_CARRY_MS + 500);
    await act(() => router.navigate('/faqs?open=2'));
    expect(toastOf('Email updated successfully')?.dataset.in).toBe('true');
    vi.restoreAllMocks();

    act(() => notify.success('Mobile number updated successfully'));
    await act(() => router.navigate('/contact'));
    await shown('Mobile number updated successfully');
    expect(toastOf('Mobile number updated successfully')?.dataset.in).toBe('true');
  });
});
