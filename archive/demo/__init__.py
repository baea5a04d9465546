"""The demo family's evenings of every game (Swik nights, Sedma, rummy, Seka, poker), built through the services."""
