import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness({ start = '' }: { start?: string }) {
  const [code, setCode] = useState(start);
  return (
    <>
      <OtpInput value={code} length={6} onChange={setCode} />
      <button type="button" onClick={() => setCode('')}>
        clear
      </button>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'One-time code' }) as HTMLInputElement;
/** What the six boxes show, one character (or _) per box. */
const boxes = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('[aria-hidden="true"]'))
    .filter((box) => box.className.includes('size-11'))
    .map((box) => box.textContent || '_')
    .join('');

describe('OtpInput', () => {
  it('is one code field the phone can autofill, focused while empty', () => {
    render(<Harness />);
    expect(input().getAttribute('autocomplete')).toBe('one-time-code');
    expect(input().getAttribute('inputmode')).toBe('numeric');
    expect(input().maxLength).toBe(6);
    expect(document.activeElement).toBe(input());
  });

  it('takes digits only, one per box', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    await user.type(input(), '4a7-');
    expect(input().value).toBe('47');
    expect(boxes(container)).toBe('47____');
  });

  it('keeps the first six digits of a paste', () => {
    const { container } = render(<Harness />);
    fireEvent.paste(input(), { clipboardData: { getData: () => 'Code: 123-456789' } });
    expect(input().value).toBe('123456');
    expect(boxes(container)).toBe('123456');
  });

  it('takes a whole code that autofill drops in', () => {
    const { container } = render(<Harness />);
    fireEvent.change(input(), { target: { value: '654321' } });
    expect(boxes(container)).toBe('654321');
  });

  it('steps back on Backspace and starts again in the first box once cleared', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness start="12" />);
    await user.click(input());
    await user.keyboard('{Backspace}');
    expect(boxes(container)).toBe('1_____');
    input().blur();
    await user.click(screen.getByRole('button', { name: 'clear' }));
    expect(document.activeElement).toBe(input());
  });
});
