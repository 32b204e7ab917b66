"""The app's screens: menu, game, cover, modals, help, game over."""
