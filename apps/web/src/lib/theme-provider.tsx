import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { readStorage, writeStorage } from './session-storage';
import { THEME_STORAGE_KEY, ThemeContext, type Theme } from './theme-context';

/** Dark unless the person chose light before (part 1 §2: persists locally, defaults to dark). */
function storedTheme(): Theme {
  return readStorage(THEME_STORAGE_KEY) === 'light' ? 'light' : 'dark';
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(() => {
    const initial = storedTheme();
    // public/theme-init.js already did this before paint; repeating keeps tests and dev honest.
    applyTheme(initial);
    return initial;
  });

  const setTheme = useCallback((next: Theme) => {
    writeStorage(THEME_STORAGE_KEY, next);
    applyTheme(next);
    setThemeState(next);
  }, []);

  const toggleTheme = useCallback(() => {
    setTheme(theme === 'dark' ? 'light' : 'dark');
  }, [setTheme, theme]);

  const value = useMemo(() => ({ theme, setTheme, toggleTheme }), [theme, setTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
