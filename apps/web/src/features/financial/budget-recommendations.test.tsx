import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render-app';
import { BudgetRatio, BudgetRecommendations } from './budget-recommendations';
import { usdLimits } from '../../test/finance-test-data';

describe('budget recommendations', () => {
  it('shows 10/15/20 % of income rounded down with the exact labels', async () => {
    const onUse = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <BudgetRecommendations
        monthlyIncome={6789}
        limits={usdLimits}
        currentBudget={600}
        onUse={onUse}
      />,
    );
    // Each card shows the budget it sets (the same as the budget screen's quick picks) and the
    // exact share it was rounded down from.
    const cards = [
      ['Conservative - Great for building savings', '$600', '$678', '10% of monthly income'],
      ['Moderate - Balanced approach', '$1,000', '$1,018', '15% of monthly income'],
      [
        'Adventurous - Consider your other financial goals',
        '$1,300',
        '$1,357',
        '20% of monthly income',
      ],
    ] as const;
    for (const [label, budget, exact, percent] of cards) {
      const card = screen.getByRole('article', { name: label });
      expect(within(card).getByText(budget)).toBeInTheDocument();
      expect(card).toHaveTextContent(`Rounded down from ${exact}`);
      expect(card).toHaveTextContent(percent);
    }
    // 678 rounds down to the $100 step; that is the current budget.
    const conservative = screen.getByRole('article', { name: cards[0][0] });
    expect(within(conservative).getByText('Current budget')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('article', { name: cards[2][0] })).getByRole('button', {
        name: 'Use this budget',
      }),
    );
    expect(onUse).toHaveBeenCalledWith(1300);
  });

  it('clamps a tiny recommendation to the $500 minimum', async () => {
    const onUse = vi.fn();
    const user = userEvent.setup();
    renderWithApp(
      <BudgetRecommendations
        monthlyIncome={1000}
        limits={usdLimits}
        currentBudget={5000}
        onUse={onUse}
      />,
    );
    await user.click(screen.getAllByRole('button', { name: 'Use this budget' })[0]!);
    expect(onUse).toHaveBeenCalledWith(500);
  });

  it.each([
    [500, 5000, 'green', 'Comfortable', '10%'],
    [1000, 5000, 'yellow', 'Stretching', '20%'],
    [1500, 5000, 'red', 'High', '30%'],
  ])('colours a %i budget on %i income %s, in words too', (budget, income, color, word, pct) => {
    renderWithApp(<BudgetRatio budget={budget} monthlyIncome={income} />);
    const ratio = screen.getByTestId('budget-ratio');
    expect(ratio).toHaveAttribute('data-color', color);
    expect(ratio).toHaveTextContent(word);
    expect(ratio).toHaveTextContent(`is ${pct} of your monthly income`);
  });
});
