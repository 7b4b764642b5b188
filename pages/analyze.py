"""The Analyze page (coming soon: built by a later issue)."""

import streamlit as st

st.title("Analyze")
st.info("This page is coming soon.")
