import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { OtpInput } from './otp-input.tsx';

function Harness() {
  const [digits, setDigits] = useState(['', '', '', '', '', '']);
  return <OtpInput value={digits} onChange={setDigits} />;
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () =>
  boxes()
    .map((box) => box.value)
    .join('|');

describe('OtpInput', () => {
  it('takes one digit per box, ignores anything else and moves on', () => {
    render(<Harness />);
    const [first, second] = boxes();
    expect(document.activeElement).toBe(first);
    expect(first?.getAttribute('autocomplete')).toBe('one-time-code');
    expect(second?.getAttribute('autocomplete')).toBe('off');
    fireEvent.change(first!, { target: { value: 'a' } });
    expect(values()).toBe('|||||');
    fireEvent.change(first!, { target: { value: '4' } });
    expect(values()).toBe('4|||||');
    expect(document.activeElement).toBe(second);
    fireEvent.change(second!, { target: { value: '7' } });
    fireEvent.change(second!, { target: { value: '78' } });
    expect(values()).toBe('4|8||||');
  });

  it('spreads a paste over the boxes and keeps its first six digits', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => 'Code: 123-456789' } });
    expect(values()).toBe('1|2|3|4|5|6');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('spreads a whole code that autofill drops into the first box', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '654321' } });
    expect(values()).toBe('6|5|4|3|2|1');
  });

  it('steps back to the previous box on Backspace in an empty box', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '1' } });
    fireEvent.change(boxes()[1]!, { target: { value: '2' } });
    expect(document.activeElement).toBe(boxes()[2]);
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' });
    expect(values()).toBe('1|||||');
    expect(document.activeElement).toBe(boxes()[1]);
  });
});
