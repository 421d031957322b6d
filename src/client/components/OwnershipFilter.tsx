import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { OWNERSHIP } from '../../shared/constants';

interface Props {
  /** The three labels' message keys in the spec's order: all, mine, others. */
  labels: [string, string, string];
  value: number;
  onChange: (value: number) => void;
}

/** Spec §2: the ownership filter of a list (1 all, 2 mine, 3 others). */
export function OwnershipFilter({ labels, value, onChange }: Props) {
  const translate = useTranslate();
  const values = [OWNERSHIP.all, OWNERSHIP.mine, OWNERSHIP.others];
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      onChange={(_, next: number | null) => next !== null && onChange(next)}
      aria-label={translate('list.ownership')}
    >
      {values.map((v, i) => (
        <ToggleButton key={v} value={v} sx={{ textTransform: 'none' }}>
          {translate(labels[i])}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
