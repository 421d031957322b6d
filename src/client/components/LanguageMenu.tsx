import { Button, Menu, MenuItem } from '@mui/material';
import LanguageIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState } from 'react';

interface Props {
  locale: string;
  locales: { locale: string; name: string }[];
  onChange: (locale: string) => void;
  /** Not usable yet (the static login form before its JavaScript: a tap would do nothing). */
  disabled?: boolean;
}

/**
 * The language menu of the pages outside the panel (the login page, the band page, the viewer area),
 * as react-admin's LocalesMenuButton shows it in the panel.
 */
export function LanguageMenu({ locale, locales, onChange, disabled }: Props) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <span>
      <Button
        color="inherit"
        aria-controls="language-menu"
        aria-haspopup="true"
        disabled={disabled}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<LanguageIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
      >
        {locales.find((l) => l.locale === locale)?.name}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {locales.map((l) => (
          <MenuItem
            key={l.locale}
            selected={l.locale === locale}
            onClick={() => {
              setAnchor(null);
              onChange(l.locale);
            }}
          >
            {l.name}
          </MenuItem>
        ))}
      </Menu>
    </span>
  );
}
