import { startApp } from './start-app';

// The app's entry. The pre-rendered sign-in pages come with their own, smaller one (sign-in.tsx), which hands the page
// over to the app (start-app.tsx) once the visitor goes past sign-in.
void startApp();
