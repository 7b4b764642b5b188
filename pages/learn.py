"""The Learn page (coming soon: built by a later issue)."""

import streamlit as st

st.title("Learn")
st.info("This page is coming soon.")
