export { HomePage, HOME_LOADING_TEXT } from './routes/home-page';
