import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

const field = () => screen.getByRole('textbox', { name: 'Message to Vowa' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });

describe('Composer', () => {
  it('shows the spec placeholder and keeps send disabled while the text is blank', async () => {
    render(<Composer replying={false} onSend={vi.fn()} />);
    expect(field()).toHaveAttribute('placeholder', 'Ask Vowa anything about travel...');
    expect(sendButton()).toBeDisabled();
    await userEvent.type(field(), '   ');
    expect(sendButton()).toBeDisabled();
    await userEvent.type(field(), 'Lisbon');
    expect(sendButton()).toBeEnabled();
  });

  it('shows the group placeholder in groups and tells of typing', async () => {
    const onTyping = vi.fn();
    render(<Composer replying={false} onSend={vi.fn()} group onTyping={onTyping} />);
    const groupField = screen.getByRole('textbox', { name: 'Message to the group' });
    expect(groupField).toHaveAttribute(
      'placeholder',
      'Type a message... Use @vowa to ask AI for help',
    );
    await userEvent.type(groupField, 'hi');
    expect(onTyping).toHaveBeenCalled();
  });

  it('sends the trimmed text on Enter and clears the field', async () => {
    const onSend = vi.fn();
    render(<Composer replying={false} onSend={onSend} />);
    await userEvent.type(field(), '  flights to Rome  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('flights to Rome');
    expect(field()).toHaveValue('');
  });

  it('inserts a new line on Shift+Enter instead of sending', async () => {
    const onSend = vi.fn();
    render(<Composer replying={false} onSend={onSend} />);
    await userEvent.type(field(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(field()).toHaveValue('line one\nline two');
  });

  it('does not send while the assistant is replying', async () => {
    const onSend = vi.fn();
    render(<Composer replying onSend={onSend} />);
    await userEvent.type(field(), 'hotels there?{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(sendButton()).toBeDisabled();
    expect(field()).toHaveValue('hotels there?');
  });

  it('grows with its text up to 120 px', () => {
    render(<Composer replying={false} onSend={vi.fn()} />);
    expect(field().style.maxHeight).toBe('120px');
  });
});
