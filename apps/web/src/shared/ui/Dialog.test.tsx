import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Dialog } from './Dialog';

function Confirmation({ role }: { role: 'dialog' | 'alertdialog' }) {
  const [open, setOpen] = useState(true);
  const [answer, setAnswer] = useState('none');
  return (
    <main>
      <p data-testid="answer">{answer}</p>
      <Dialog
        open={open}
        role={role}
        onClose={() => {
          setOpen(false);
          setAnswer('closed');
        }}
        title="Trash 24 messages?"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={() => setAnswer('trashed')}>Trash</Button>
          </>
        }
      />
    </main>
  );
}

const dialogElement = () => document.querySelector('dialog')!;

describe('a dialog and its backdrop', () => {
  it('closes a plain dialog when the backdrop (the <dialog> element itself, outside its panel) is clicked', () => {
    render(<Confirmation role="dialog" />);
    fireEvent.click(dialogElement());
    expect(screen.getByTestId('answer').textContent).toBe('closed');
  });

  it('keeps a confirmation open on a backdrop click, so a click meant for its button that lands beside it loses nothing', () => {
    render(<Confirmation role="alertdialog" />);
    fireEvent.click(dialogElement());
    expect(screen.getByTestId('answer').textContent).toBe('none');
    expect(screen.getByRole('alertdialog', { hidden: true }).textContent).toContain('Trash 24 messages?');
    fireEvent.click(screen.getByRole('button', { name: 'Trash', hidden: true }));
    expect(screen.getByTestId('answer').textContent).toBe('trashed');
  });

  it('still closes a confirmation with Escape', () => {
    render(<Confirmation role="alertdialog" />);
    fireEvent(dialogElement(), new Event('cancel', { cancelable: true }));
    expect(screen.getByTestId('answer').textContent).toBe('closed');
  });

  it('closes a confirmation with its Close button', () => {
    render(<Confirmation role="alertdialog" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true }));
    expect(screen.getByTestId('answer').textContent).toBe('closed');
  });
});
