// Every Mantine style sheet, for the screens beyond the landing and sign-in pages (loaded with their chunks).
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
