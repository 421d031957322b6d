import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { FullTitle } from '../../src/client/components/FullTitle';

const TITLE = 'Pesma čiji naslov ne staje u red';

/** A row whose title is `width` px of text in a 100 px box (happy-dom lays nothing out, so the
 *  widths are given). */
function Row({ width, disabled }: { width: number; disabled?: boolean }) {
  const text = useRef<HTMLParagraphElement>(null);
  return (
    <FullTitle title={TITLE} text={text} disabled={disabled}>
      <div data-testid="row">
        <p
          ref={(element) => {
            text.current = element;
            if (!element) return;
            Object.defineProperty(element, 'clientWidth', { value: 100, configurable: true });
            Object.defineProperty(element, 'scrollWidth', { value: width, configurable: true });
          }}
        >
          {TITLE}
        </p>
        <button type="button">Delete</button>
      </div>
    </FullTitle>
  );
}

describe('FullTitle (issue 26: a cut title shows whole)', () => {
  it('shows the whole title over a row whose title is cut, and describes the row by it', async () => {
    render(<Row width={240} />);
    fireEvent.mouseEnter(screen.getByTestId('row'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TITLE);
    expect(screen.getByTestId('row')).toHaveAttribute('aria-describedby', screen.getByRole('tooltip').id);
    // The row keeps its own name: no native title, no aria-label from the tooltip.
    expect(screen.getByTestId('row')).not.toHaveAttribute('title');
    expect(screen.getByTestId('row')).not.toHaveAttribute('aria-label');
  });

  it('shows nothing where the title fits', async () => {
    render(<Row width={100} />);
    fireEvent.mouseEnter(screen.getByTestId('row'));
    // MUI opens after its 100 ms enter delay: wait past it, then look.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows nothing while disabled (a card being dragged)', async () => {
    render(<Row width={240} disabled />);
    fireEvent.mouseEnter(screen.getByTestId('row'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
