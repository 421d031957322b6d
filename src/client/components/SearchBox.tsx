import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  /** The placeholder's message key. */
  placeholder: string;
  /** The search in effect (from the URL), shown when the screen opens. */
  value?: string;
  onSearch: (text: string) => void;
}

/** A search field that reports its text once typing pauses, so each keystroke is not a request. */
export function SearchBox({ placeholder, value = '', onSearch }: Props) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === value) return;
    const timer = setTimeout(() => onSearch(trimmed), 300);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  const label = translate(placeholder);
  return (
    <TextField
      size="small"
      variant="outlined"
      type="search"
      fullWidth={false}
      placeholder={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 280, maxWidth: '100%' }}
    />
  );
}
