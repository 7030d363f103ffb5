import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONTACT_REDIRECT_MS } from '@folio/core';
import { installFakeServer, reply, type Handler } from '../../test/fake-server.ts';
import { siteRoutes } from '../../test/fixtures.ts';
import { currentUrl, renderApp } from '../../test/render-app.tsx';

function serve(contact: Handler = () => ({ status: 'OK' })) {
  return installFakeServer(siteRoutes({ '/api/contact': contact }));
}

const field = (name: string) => screen.getByLabelText(name);
const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

/** Fills the form with a valid message, the way a reader types it. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Name'), 'Asha Rao');
  await user.type(field('Email'), 'asha@paper.in');
  await user.selectOptions(field('Subject'), 'Story Suggestion');
  await user.type(field('Message'), 'The new flyover in Hebbal is already cracking.');
}

describe('the contact page', () => {
  it('shows the editorial address and says each rule live, in the spec words', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/contact');
    expect(await screen.findByRole('heading', { name: 'Contact Our Editorial Team' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'editorial@dh.example' }).getAttribute('href')).toBe(
      'mailto:editorial@dh.example',
    );
    // Nothing is said before the reader has touched a field, and nothing can be sent.
    expect(screen.queryByText('Field is empty')).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', true);

    await user.type(field('Name'), 'A');
    expect(screen.getByText('Please enter a valid name')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    await user.clear(field('Name'));
    expect(screen.getByText('Field is empty')).toBeTruthy();
    await user.type(field('Name'), 'Al');
    expect(screen.queryByText('Field is empty')).toBeNull();
    expect(screen.queryByText('Please enter a valid name')).toBeNull();

    // Leaving an empty field says what it needs.
    await user.click(field('Email'));
    await user.tab();
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(field('Email'), 'asha@paper');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(field('Email').getAttribute('aria-describedby')).toBe(
      screen.getByText('Please enter a valid email address').id,
    );
    await user.type(field('Email'), '.in');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();

    fireEvent.blur(field('Subject'));
    expect(screen.getByText('No option selected')).toBeTruthy();
    await user.selectOptions(field('Subject'), 'Other');
    expect(screen.queryByText('No option selected')).toBeNull();

    await user.click(field('Message'));
    await user.tab();
    expect(screen.getByText('Please enter a message')).toBeTruthy();
    await user.type(field('Message'), 'Too short');
    expect(screen.getByText('Message must be at least 10 characters long')).toBeTruthy();
    expect(sendButton()).toHaveProperty('disabled', true);
    await user.type(field('Message'), '!');
    expect(screen.queryByText('Message must be at least 10 characters long')).toBeNull();
    expect(sendButton()).toHaveProperty('disabled', false);
  });

  it('offers the four subjects of the spec', async () => {
    serve();
    renderApp('/contact');
    const subject = await screen.findByLabelText('Subject');
    const options = Array.from(subject.querySelectorAll('option'), (option) => option.value);
    expect(options).toEqual([
      '',
      'General Feedback',
      'Report a Correction',
      'Story Suggestion',
      'Other',
    ]);
  });

  it('sends the message, says so, clears the form and goes to the paper 3 s later', async () => {
    // The redirect's timer is caught rather than waited for: its delay is checked,
    // then it is fired by hand. Every other timer runs as usual.
    const passOn = window.setTimeout.bind(window);
    const redirects: { run: () => void; ms: number | undefined }[] = [];
    vi.spyOn(window, 'setTimeout').mockImplementation(((
      handler: TimerHandler,
      ms?: number,
      ...args: unknown[]
    ) => {
      if (ms !== CONTACT_REDIRECT_MS || typeof handler !== 'function')
        return passOn(handler, ms, ...args);
      redirects.push({ run: () => void handler(), ms });
      return 0;
    }) as typeof window.setTimeout);
    const server = serve();
    const user = userEvent.setup();
    const { router } = renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Our Editorial Team' });
    await fillValid(user);
    expect(redirects).toEqual([]);
    await user.click(sendButton());

    expect(await screen.findByText('Message sent successfully!')).toBeTruthy();
    const sent = server.sent.filter((request) => request.url.pathname === '/api/contact');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@paper.in',
      subject: 'Story Suggestion',
      message: 'The new flyover in Hebbal is already cracking.',
      website: '',
    });
    expect(field('Name')).toHaveProperty('value', '');
    expect(field('Email')).toHaveProperty('value', '');
    expect(field('Subject')).toHaveProperty('value', '');
    expect(field('Message')).toHaveProperty('value', '');
    expect(screen.queryByText('Field is empty')).toBeNull();

    await waitFor(() => expect(redirects).toHaveLength(1));
    expect(currentUrl(router)).toBe('/contact');
    act(() => redirects[0]?.run());
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
  });

  it('says the spec failure text when the server fails, keeping what was typed', async () => {
    serve(() => reply(500, { status: 'ERROR', message: 'Something went wrong on our side.' }));
    const user = userEvent.setup();
    const { router } = renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Our Editorial Team' });
    await fillValid(user);
    await user.click(sendButton());
    expect(await screen.findByText('Failed to send message. Please try again later.')).toBeTruthy();
    expect(field('Name')).toHaveProperty('value', 'Asha Rao');
    expect(currentUrl(router)).toBe('/contact');
  });

  it("says the server's reason when it refuses, such as too many messages", async () => {
    const limit = 'You have sent several messages in a short time. Please try again in 10 minutes.';
    serve(() => reply(429, { status: 'ERROR', message: limit }));
    const user = userEvent.setup();
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Our Editorial Team' });
    await fillValid(user);
    await user.click(sendButton());
    expect(await screen.findByText(limit)).toBeTruthy();
  });

  it('hides the honeypot from people, keyboards, screen readers and autofill', async () => {
    serve();
    renderApp('/contact');
    await screen.findByRole('heading', { name: 'Contact Our Editorial Team' });
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot?.tabIndex).toBe(-1);
    expect(honeypot?.getAttribute('autocomplete')).toBe('off');
    expect(honeypot?.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'name',
      'email',
      'message',
    ]);
  });
});
