import { mount } from 'svelte';
import { get } from 'svelte/store';
import App from './App.svelte';
import { adoptLaunchKey } from './bridge';
import { preferences } from './features/settings/preferences';
import { startLanguage } from './ui/i18n';
import '@fontsource-variable/inter/wght.css';
import './ui/base.css';
import './ui/controls.css';

// Browser mode: keep the key the launch link handed over, and take it off the address bar.
adoptLaunchKey();
const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
// The language first: every word the app shows comes from its catalogue.
void startLanguage(get(preferences).language).then(() => mount(App, { target }));
