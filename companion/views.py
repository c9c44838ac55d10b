"""Views of the companion app. (The home page lives in companion/sharing.py.)"""
