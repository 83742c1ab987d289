# The bot registry lands here (DESIGN.md 3.6).
