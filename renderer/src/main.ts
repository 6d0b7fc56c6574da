// First: configures zod before any module that builds a schema runs (see the file).
import './zod-config';
import { mount } from 'svelte';
import App from './App.svelte';
import './ui/base.css';

const target = document.getElementById('app');
if (!target) throw new Error('The page has no #app element');
mount(App, { target });
