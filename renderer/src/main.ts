import { mount } from 'svelte';
import App from './App.svelte';
import { adoptLaunchKey } from './bridge';
import '@fontsource-variable/inter/wght.css';
import './ui/base.css';
import './ui/controls.css';

// Browser mode: keep the key the launch link handed over, and take it off the address bar.
adoptLaunchKey();
const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
mount(App, { target });
