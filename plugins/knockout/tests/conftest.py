"""Shared helpers of Knockout Whist's tests."""
